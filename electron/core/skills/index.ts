// Public surface of the skill library core.
export { loadLibrary, type RootSpec } from './library.js';
export { renderAvailableSkills, escapeXml } from '../../../shared/catalog.js';
export { RULES } from './rules/index.js';
