// The values the rules derive from the sheet, at a glance beside the editor: they change as the
// sheet is edited, in the same frame.
import { LOCATIONS, type Location } from '../../core/model/ids';
import type { Derived } from '../../core/rulesets/types';
import { armourTypeName, locationName } from '../app/format';
import { useT } from '../app/i18n';

export function SummarySection({ derived }: { derived: Derived | null }) {
  const { t, num, lang } = useT();
  if (derived === null) return null;
  const rows: [string, string, string][] = [];
  switch (derived.ruleset) {
    case 'fortunes-landing': {
      const a = derived.armour;
      rows.push(['rating', t('summary.rating'), num(a.rating)]);
      rows.push(['threshold', t('summary.threshold'), num(a.threshold)]);
      rows.push(['areas', t('summary.areas'), a.areas.length === 0 ? t('summary.none') : a.areas.map(locationName).join(', ')]);
      rows.push(['choice', t('summary.choice'), a.options.length === 0 ? t('summary.none') : t(a.chosen ? 'summary.choiceChosen' : a.tied > 1 ? 'summary.choiceTied' : 'summary.choiceBest')]);
      if (a.costume.pieces.length > 0) rows.push(['costume', t('summary.costume'), t('summary.costumeCost', { pieces: a.costume.pieces.join(', '), factor: num(a.costume.costMultiplier) })]);
      const u = derived.ultraLight;
      if (u.weapons.length > 0) rows.push(['ultraLight', t('summary.ultraLight'), t('summary.costumeCost', { pieces: u.weapons.join(', '), factor: num(u.costMultiplier) })]);
      break;
    }
    case 'curious-pastimes': {
      rows.push(['body', t('summary.bodyDevelopment'), t(derived.bodyDevelopment ? 'summary.yes' : 'summary.no')]);
      rows.push(['skill', t('summary.armourSkill'), t(`summary.armourClass.${derived.armourSkillClass as 0 | 1 | 2 | 3 | 4}`)]);
      rows.push(['torso', t('summary.torsoHits'), num(derived.hits.torso)]);
      rows.push(['cards', t('summary.spellCards'), num(derived.spellCards.length)]);
      break;
    }
    case 'novitas': {
      const p = derived.powerPoints;
      rows.push(['pool', t('summary.pool'), num(p.pool)]);
      rows.push(['breakCap', t('summary.breakCap'), num(p.breakCap)]);
      rows.push(['planned', t('summary.planned'), num(p.plannedCost)]);
      rows.push(['cap', t('summary.againstCap'), t('summary.ofCap', { spent: num(p.plannedAgainstCap), cap: num(p.dailyCap) })]);
      break;
    }
    case 'bg-magic': {
      rows.push(['energy', t('summary.energy'), num(derived.energy)]);
      rows.push(['worn', t('summary.worn'), armourTypeName(derived.worn)]);
      rows.push(['protection', t('summary.protectsAs'), armourTypeName(derived.armourProtection)]);
      break;
    }
    case 'pack': {
      // A pack's game: its hits on each location, and the armour class counted there, in the pack's words.
      const where = (l: string) => ((LOCATIONS as readonly string[]).includes(l) ? locationName(l as Location) : l);
      for (const h of derived.hits) rows.push([`hits-${h.location}`, t('summary.hitsOn', { location: where(h.location) }), num(h.hits)]);
      for (const a of derived.armour) {
        const name = (lang === 'bg' ? a.names.bg : undefined) ?? a.names.en;
        rows.push([`armour-${a.location}`, t('summary.armourOn', { location: where(a.location) }), a.points === undefined ? name : `${name} ${num(a.points)}`]);
      }
      break;
    }
  }
  return (
    <section className="panel summary-panel" aria-labelledby="summary-heading">
      <h2 id="summary-heading">{t('summary.heading')}</h2>
      <dl className="facts summary">
        {rows.map(([key, label, value]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-summary={key}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
