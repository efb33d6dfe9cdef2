// Bulgarian names and descriptions of the rulesets' catalogue skills (the English ones are the
// core's own, core/rulesets/*.ts): the editor shows them in Bulgarian and a card printed in
// Bulgarian lists them (core/pdf/cards). Custom skills keep the name the player gave them.
import type { RulesetId } from '../model/ids';

export const SKILLS_BG: Record<RulesetId, Record<string, { name: string; description: string }>> = {
  novitas: {
    'power-points': { name: 'Точки сила', description: 'Точки за правене на заклинания: заклинанието струва толкова точки, колкото е нивото му.' },
    'first-aid': { name: 'Първа помощ', description: 'Грижата за някого, който кърви до смърт, добавя 10 минути (общо 20), преди да умре.' },
  },
  'fortunes-landing': {
    'healing-ways': { name: 'Лечителство', description: 'Минута грижа за раните спира кървенето до смърт; припадналият се свестява след един час.' },
    chirurgery: { name: 'Хирургия', description: 'Пет минути след Лечителството: всички рани заздравяват за един час; припадналите се свестяват веднага.' },
    'healers-touch': { name: 'Лечителска ръка', description: 'Намалява наполовина времето за възстановяване от твоите Лечителство и Хирургия.' },
    'rapid-healing': { name: 'Бързо оздравяване', description: 'Предимство: след Лечителство се възстановяваш от всички рани за един час; свестяваш се веднага.' },
    strikes: { name: 'Удари', description: 'Нанасяш допълнителни рани с обявена реплика; най-много 3 удара в една схватка.' },
    alchemy: { name: 'Алхимия', description: 'С Лечителство ежедневната превръзка намалява наполовина времето за естествено оздравяване.' },
    armorsmith: { name: 'Бронедел', description: 'Поправя пробита броня.' },
  },
  'curious-pastimes': {
    'body-development': {
      name: 'Развито тяло',
      description: '+1 попадение на всяко място. Носи ясно видимия знак: без него нямаш допълнителните попадения.',
    },
    'wear-light-armour': { name: 'Лека броня', description: 'Носене и поправка на лека броня (+1 на място).' },
    'wear-medium-armour': { name: 'Средна броня', description: 'Носене и поправка на средна броня (+2) и по-лека.' },
    'wear-heavy-armour': { name: 'Тежка броня', description: 'Носене и поправка на тежка броня (+3) и по-лека.' },
    'wear-extra-heavy-armour': { name: 'Свръхтежка броня', description: 'Носене и поправка на свръхтежка броня (+4) и по-лека.' },
  },
  'bg-magic': {
    'battle-magic': { name: 'Бойна магия', description: 'Бойни заклинания от една школа на магията.' },
    'role-magic': { name: 'Ролева магия', description: 'Ролеви заклинания от един орден, като Заклинател или Вещер.' },
  },
};
