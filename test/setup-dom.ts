// Component tests (jsdom) wait up to 10 s in findBy* and waitFor: their host is a real one in the same process, and
// with two test files at a time on a 2-core machine its answers can take longer than Testing Library's default 1 s.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}
