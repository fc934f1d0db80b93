// Placeholder shell of the workbench: the layout the feature folders will fill.
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1>Skillbench</h1>
      <p>
        The workbench UI is under construction. Use the CLI meanwhile:{' '}
        <code>npm run skillbench -- validate</code>.
      </p>
    </main>
  );
}
