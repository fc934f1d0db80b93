// Public surface of the skill library core.
export { loadLibrary, DEFAULT_LIMITS, type Library, type LoadOptions, type RootSpec } from './library.js';
export { validateManifest, parseManifest, type ValidationResult, type ValidateOptions } from './validate.js';
export { readManifestText, DEFAULT_MAX_MANIFEST_BYTES } from './manifest-text.js';
export { renderAvailableSkills, catalogEntries, escapeXml } from '../../../shared/catalog.js';
export { RULES } from './rules/index.js';
export { hasErrors, sortDiagnostics } from './diagnostic.js';
