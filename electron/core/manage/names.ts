// Owns the folder name a skill is installed under: the `skills` CLI's (its sanitizeName), so a skill whose name is
// not a slug (`Braintree Automation`) lands in the folder the CLI gives it (`braintree-automation`), while the
// lockfiles key it by its name as written.

/** Lowercase letters, digits, `.` and `_`, runs of anything else as one `-`, no leading or trailing `.`/`-`. */
export function skillFolderName(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9._]+/g, '-')
      .replace(/^[.-]+|[.-]+$/g, '')
      .substring(0, 255) || 'unnamed-skill'
  );
}
