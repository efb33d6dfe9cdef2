// Curious Pastimes Body Development token: "A character with additional hits will be marked by a
// clearly visible token. If you do not wear the token, you do not have the extra hits." (rules text 002)
import { CP_BODY_DEVELOPMENT_HITS } from '../../rulesets/curious-pastimes';
import { bold, centred, space } from '../flow';
import { serialFor } from '../serial';
import { footerLeft, type CardContext, type CardSpec } from './context';

export function bodyDevelopmentToken(ctx: CardContext): CardSpec[] {
  const d = ctx.derivation.derived;
  if (d.ruleset !== 'curious-pastimes' || !d.bodyDevelopment) return [];
  const { labels: L, character: c } = ctx;
  const serial = serialFor(c.id, 'token', 0);
  return [
    {
      type: 'token',
      section: 'token',
      serial,
      front: {
        header: [centred('big', bold(`+${CP_BODY_DEVELOPMENT_HITS}`)), centred('title', bold(L.kind.token))],
        body: [centred('body', L.tokenLine(CP_BODY_DEVELOPMENT_HITS)), space(0.8), centred('body', bold(c.name || '—'), c.player ? ` (${c.player})` : ''), space(0.8), centred('small', L.tokenWear)],
        footer: { left: footerLeft(L.kind.token, serial) },
      },
    },
  ];
}
