// The one table of validation rules: adding a rule is adding a file and a line here.
import { allowedToolsFormat } from './allowed-tools.js';
import { bodyRules } from './body.js';
import { descriptionRules } from './description.js';
import { fileRules } from './file.js';
import { fieldRules } from './fields.js';
import { nameRules } from './name.js';
import type { Rule } from './rule.js';
import { toolRules } from './tools.js';
import { yamlStyleRules } from './yaml-style.js';

export const RULES: readonly Rule[] = [
  ...fileRules,
  ...nameRules,
  ...descriptionRules,
  ...fieldRules,
  allowedToolsFormat,
  ...yamlStyleRules,
  ...bodyRules,
  ...toolRules,
];

export type { Rule, RuleContext } from './rule.js';
