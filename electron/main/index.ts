// Electron entry point: everything else lives in app.ts so tests can drive it with a fake electron module.
import * as electron from 'electron';
import { startMain } from './app.js';

void startMain(electron);
