// The words printed on cards, in English and Bulgarian. Bulgarian is the default for the bg-magic
// game (its players read the slips and scrolls); every other game prints in English.
import { LOCATION_WORDS, type GameId, type Location, type RulesetId } from '../model/ids';

export type CardLanguage = 'en' | 'bg';

type Params = Record<string, string | number>;

/** Bulgarian words for the values the mage rules' errors carry. */
const BG_ARMOUR: Record<string, string> = { none: 'без броня', leather: 'кожена броня', metal: 'метална броня' };
const BG_LOCATION: Record<string, string> = { head: 'глава', torso: 'торс', 'left-arm': 'лява ръка', 'right-arm': 'дясна ръка', 'left-leg': 'ляв крак', 'right-leg': 'десен крак' };

export const LABELS = {
  en: {
    kind: {
      character: 'Character',
      characterBack: 'Event desk',
      armour: 'Armour tag',
      item: 'Item',
      spell: 'Spell card',
      slip: 'Role spell',
      scroll: 'Scroll',
      tracker: 'Power points',
      token: 'Body Development',
    },
    player: 'Player',
    ruleset: 'Game',
    skills: 'Skills',
    noSkills: 'none',
    ruleErrors: (n: number) => `${n} rule error${n === 1 ? '' : 's'}; show this card at the event desk:`,
    ruleNotes: 'Worth knowing:',
    // The core's own words (Violation.message) are English; no template needed.
    violation: {} as Record<string, (p: Params) => string>,
    // The games' names in English are the rulesets' own (core/rulesets/*.ts name).
    games: {} as Partial<Record<RulesetId, string>>,
    // Fortune's Landing
    armourRating: 'Armour rating',
    tilesOfFate: 'Tiles of Fate',
    threshold: 'Threshold',
    areas: 'Areas',
    noArmour: 'no armour',
    bestAssumed: 'best choice assumed',
    armourType: 'Type',
    costume: 'Costume / replica',
    ultraLight: 'Ultra-light weapons',
    tagLegend: 'Filled areas are not armoured and are not counted.',
    // Curious Pastimes
    hits: 'Hits',
    vsArrows: 'Against arrows and bolts',
    armourPoints: 'Armour',
    bodyDevelopment: 'Body Development',
    yes: 'yes',
    no: 'no',
    rank: 'Rank',
    sphere: 'Sphere',
    day: 'Day',
    tearToCast: 'tear in half to cast',
    tokenLine: (n: number) => `+${n} hit on every location`,
    tokenWear: 'Wear this token where it can be seen. Without it you do not have the extra hits.',
    // Novitas
    powerPoints: 'Power points',
    breakCap: 'Break cap',
    dailyCap: 'Daily cap',
    plan: 'Day plan',
    spells: 'Spells',
    trackerDay: 'Day',
    trackerCap: (cap: number) => `Counted against the ${cap}-point daily cap`,
    trackerStruck: (pool: number) => `boxes past your ${pool} points are struck out`,
    trackerBreakCap: 'Break cap (not counted against the cap)',
    trackerBreakCapCount: (n: number) => `${n} points: too many boxes to print, keep count`,
    noBreakCap: 'none',
    // bg-magic
    energy: 'Energy',
    protectsAs: 'armour protects as',
    wears: 'wears',
    path: { battle: 'battle mage', role: 'role mage' },
    school: 'School',
    order: 'Order',
    style: { conjurer: 'Conjurer', witcher: 'Witcher' },
    armourClass: { metal: 'metal', leather: 'leather', none: 'no armour' },
    // A game pack's game (the hits and armour labels above serve it too)
    pointsSpent: (spent: number, available: number | null, unit: string) => `${spent}${available === null ? '' : ` of ${available}`} ${unit} spent`,
    slipAccept: 'You are the target of a role spell: accept this slip and do what it says.',
    scrollLasts: 'Lasts',
    scrollOneGame: (game: string) => (game ? `this game only (${game})` : 'this game only'),
    scrollForever: 'forever',
    scrollUse: 'Lets a character with magic skills and enough energy cast the spell once; then the scroll is destroyed.',
    // items
    itemKind: { potion: 'Potion', poison: 'Poison', scroll: 'Scroll', 'magic-item': 'Magic item' } as Record<string, string>,
    effect: 'Effect',
    expires: 'Expires',
    notStated: 'not stated',
    game: 'Issued at',
    serial: 'Serial',
    attach: 'Keep this card with the item.',
    // back of the character card
    characterId: 'Character id',
    contentHash: 'Content hash',
    printed: 'Printed',
    deskNote: 'The desk scans the code to check this card matches the character file.',
    onDeath: 'When the character dies, hand this card to a referee or the event desk.',
    calibration: {
      custom: (card: string, paper: string) => `custom sheet: ${card} on ${paper}`,
      anyPrinter: 'any printer',
      heading: (sheet: string, printer: string) => `Calibration page: ${sheet}, printer: ${printer}`,
      backHeading: (sheet: string, printer: string) => `Calibration page, back: ${sheet}, printer: ${printer}`,
      actualSize: 'Print at 100 % (“actual size”), never “fit to page” or “shrink to fit”.',
      lay: 'Print it on the card stock, or hold it against a sheet to the light. Each cross marks where a card corner should be.',
      measure: 'Measure from the centre of a cross to the real card corner in mm (the small ticks are 1 mm apart). Right and up are +, left and down are −.',
      typeFront: (x: string, y: string) => `Type what you measure into Printer corrections, Front, added to what this page already has (right ${x} mm, up ${y} mm).`,
      typeBack: (x: string, y: string) => `Type what you measure into Printer corrections, Back, added to what this page already has (right ${x} mm, up ${y} mm).`,
      saved: 'Every later print on this printer and sheet is moved by it.',
    },
    locations: LOCATION_WORDS as Record<Location, string>,
  },
  bg: {
    kind: {
      character: 'Персонаж',
      characterBack: 'Регистрация',
      armour: 'Доспехи',
      item: 'Предмет',
      spell: 'Карта за магия',
      slip: 'Ролева магия',
      scroll: 'Магически свитък',
      tracker: 'Точки сила',
      token: 'Развитие на тялото',
    },
    player: 'Играч',
    ruleset: 'Игра',
    skills: 'Умения',
    noSkills: 'няма',
    ruleErrors: (n: number) => `${n} ${n === 1 ? 'нарушение' : 'нарушения'} на правилата; покажете картата на регистрацията:`,
    ruleNotes: 'За сведение:',
    // Each rules error of the mage rules in short, for the card (the app shows the long form with
    // the rule text quoted: renderer/app/locales/bg.ts violation.*). Codes without one print the core's words.
    violation: {
      'bg.missing-block': () => 'не е посочен пътят на мага (боен или ролеви) и полагащите му се доспехи',
      'bg.armour.unknown-type': (p) => `„${p.name}“: вид броня „${p.type}“, правилата познават само кожена и метална`,
      'bg.armour.metal-over-metal': (p) => `„${p.name}“ и „${p.other}“: две метални брони една върху друга (${BG_LOCATION[String(p.location)] ?? p.location})`,
      'bg.armour.heavier-than-entitled': (p) => `„${p.name}“: броня над полагащата се (${BG_ARMOUR[String(p.entitlement)] ?? p.entitlement}); пази като ${BG_ARMOUR[String(p.protection)] ?? p.protection}`,
      'bg.weapon.too-long': (p) => `„${p.name}“: ${p.length} см, оръжието на мага е до ${p.max} см`,
      'bg.weapon.decorative-staff': (p) => `„${p.name}“: декоративният жезъл не е оръжие`,
      'bg.weapon.shield': (p) => `„${p.name}“: магът не може да използва щит`,
      'bg.weapon.missile': (p) => `„${p.name}“: магът не може да използва стрелкови и метателни оръжия`,
      'bg.weapon.not-allowed': (p) => `„${p.name}“: магът носи само късо или средно оръжие (до 1 м) или бойна тояга`,
      'bg.path.no-school': () => 'бойният маг няма избрана школа',
      'bg.path.role-with-school': (p) => `ролевият маг не се обвързва с бойна школа, а е посочена „${p.school}“`,
      'bg.path.no-style': (p) => `член на орден „${p.order}“ без избран ролеви стил (Заклинател или Вещер)`,
      'bg.path.style-without-order': () => 'избран ролеви стил без орден',
    } as Record<string, (p: Params) => string>,
    // The English games keep their own names; the Bulgarian game is named as its players name it.
    games: { 'bg-magic': 'Български правила за магове' } as Partial<Record<RulesetId, string>>,
    armourRating: 'Броня',
    tilesOfFate: 'Плочки на съдбата',
    threshold: 'Праг',
    areas: 'Зони',
    noArmour: 'без броня',
    bestAssumed: 'приет е най-добрият избор',
    armourType: 'Вид',
    costume: 'Бутафорна броня',
    ultraLight: 'Ултралеки оръжия',
    tagLegend: 'Запълнените зони не са защитени и не се броят.',
    hits: 'Точки живот',
    vsArrows: 'Срещу стрели',
    armourPoints: 'Броня',
    bodyDevelopment: 'Развитие на тялото',
    yes: 'да',
    no: 'не',
    rank: 'Ранг',
    sphere: 'Сфера',
    day: 'Ден',
    tearToCast: 'скъсайте на две, за да направите магията',
    tokenLine: (n: number) => `+${n} точка живот на всяка зона`,
    tokenWear: 'Носете знака на видно място. Без него нямате допълнителните точки.',
    powerPoints: 'Точки сила',
    breakCap: 'Извън лимита',
    dailyCap: 'Дневен лимит',
    plan: 'План за деня',
    spells: 'Магии',
    trackerDay: 'Ден',
    trackerCap: (cap: number) => `Броят се към дневния лимит от ${cap} точки`,
    trackerStruck: (pool: number) => `кутийките след вашите ${pool} точки са задраскани`,
    trackerBreakCap: 'Извън лимита (не се броят)',
    trackerBreakCapCount: (n: number) => `${n} точки: твърде много за кутийки, бройте ги`,
    noBreakCap: 'няма',
    energy: 'Енергия',
    protectsAs: 'доспехите пазят като',
    wears: 'носи',
    path: { battle: 'боен маг', role: 'ролеви маг' },
    school: 'Школа',
    order: 'Орден',
    style: { conjurer: 'Заклинател', witcher: 'Вещер' },
    armourClass: { metal: 'метална броня', leather: 'кожена броня', none: 'без броня' },
    pointsSpent: (spent: number, available: number | null, unit: string) => `похарчени ${spent}${available === null ? '' : ` от ${available}`} ${unit}`,
    slipAccept: 'Вие сте омагьосан с ролева магия: приемете листа и изпълнете каквото пише в него.',
    scrollLasts: 'Трае',
    scrollOneGame: (game: string) => (game ? `само тази игра (${game})` : 'само тази игра'),
    scrollForever: 'завинаги',
    scrollUse: 'Позволява на персонаж с магически умения и достатъчно енергия да направи магията веднъж; след това свитъкът се саморазрушава.',
    itemKind: { potion: 'Отвара', poison: 'Отрова', scroll: 'Свитък', 'magic-item': 'Магически предмет' } as Record<string, string>,
    effect: 'Действие',
    expires: 'Валидност',
    notStated: 'не е посочена',
    game: 'Издаден на',
    serial: 'Сериен номер',
    attach: 'Картата стои винаги с предмета.',
    characterId: 'Номер на персонажа',
    contentHash: 'Контролна сума',
    printed: 'Отпечатано',
    deskNote: 'Регистрацията сканира кода, за да провери дали картата отговаря на файла.',
    onDeath: 'При смърт на персонажа предайте картата на съдия или на регистрацията.',
    calibration: {
      custom: (card: string, paper: string) => `собствен лист: ${card} на ${paper}`,
      anyPrinter: 'всеки принтер',
      heading: (sheet: string, printer: string) => `Калибриране: ${sheet}, принтер: ${printer}`,
      backHeading: (sheet: string, printer: string) => `Калибриране, гръб: ${sheet}, принтер: ${printer}`,
      actualSize: 'Печатайте в мащаб 100 % („действителен размер“), никога „побиране в страницата“.',
      lay: 'Отпечатайте го върху листа с карти или го опрете до лист срещу светлината. Всеки кръст показва къде трябва да е ъгълът на карта.',
      measure: 'Измерете в мм от центъра на кръста до истинския ъгъл на картата (малките чертички са през 1 мм). Надясно и нагоре е +, наляво и надолу е −.',
      typeFront: (x: string, y: string) => `Въведете измереното в Корекции на принтера, Лице, като го добавите към вече включеното тук (надясно ${x} мм, нагоре ${y} мм).`,
      typeBack: (x: string, y: string) => `Въведете измереното в Корекции на принтера, Гръб, като го добавите към вече включеното тук (надясно ${x} мм, нагоре ${y} мм).`,
      saved: 'Всеки следващ печат на този принтер и лист се премества с толкова.',
    },
    locations: {
      head: 'глава',
      torso: 'торс',
      'left-arm': 'лява ръка',
      'right-arm': 'дясна ръка',
      'left-leg': 'ляв крак',
      'right-leg': 'десен крак',
    } as Record<Location, string>,
  },
} satisfies Record<CardLanguage, unknown>;

export type Labels = (typeof LABELS)['en'];

/** The card language for a character: the explicit choice, else Bulgarian for bg-magic, else English. */
export function languageFor(ruleset: GameId, choice: CardLanguage | 'auto' = 'auto'): CardLanguage {
  if (choice !== 'auto') return choice;
  return ruleset === 'bg-magic' ? 'bg' : 'en';
}

export function labelsFor(language: CardLanguage): Labels {
  return LABELS[language] as Labels;
}

/** An armour or item type id as words: "heavy-leather" -> "heavy leather". */
export function words(id: string): string {
  return id.replace(/[-_]+/g, ' ').trim();
}
