// Bulgarian names and descriptions of the rulesets' catalogue skills, from the game packs
// (core/packs/builtin/*.pack.json, beside the English ones): the editor shows them in Bulgarian and a
// card printed in Bulgarian lists them (core/pdf/cards). Custom skills keep the name the player gave them.
import type { RulesetId } from '../model/ids';
import { packSkillsBg } from '../packs/builtin';

export const SKILLS_BG: Record<RulesetId, Record<string, { name: string; description: string }>> = {
  novitas: packSkillsBg('novitas'),
  'fortunes-landing': packSkillsBg('fortunes-landing'),
  'curious-pastimes': packSkillsBg('curious-pastimes'),
  'bg-magic': packSkillsBg('bg-magic'),
};
