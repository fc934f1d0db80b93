// Preload entry (bundled to one CommonJS file, as the sandbox requires): exposes the bridge and nothing else.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { buildBridge } from './bridge.js';

contextBridge.exposeInMainWorld('skillbench', buildBridge(ipcRenderer, webUtils));
