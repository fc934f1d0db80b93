// Renderer entry: the base CSS and shared widgets first (each feature brings its own CSS after them), then the
// workbench with its host (Electron bridge or browser mode) and the one command bus.
import './app.css';
import './ui/widgets.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { CommandBus } from './commands/command-bus.js';
import { CommandBusContext } from './commands/use-commands.js';
import { pickHost } from './host/index.js';

const container = document.getElementById('root');
if (container) {
  const bus = new CommandBus();
  createRoot(container).render(
    <StrictMode>
      <CommandBusContext.Provider value={bus}>
        <App host={pickHost()} />
      </CommandBusContext.Provider>
    </StrictMode>,
  );
}
