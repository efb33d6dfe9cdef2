// Printing cards as PDF: the public surface for the command line and the app.
export { printCards, layoutBatch, layoutSettings, printOrder, type PrintCharacter, type PrintOptions, type Printed, type Laid, type LaidOutCard, type PrintProblem } from './print';
export { CARD_SECTIONS, type CardSection, type CardSpec } from './cards/index';
export { CARD_SIZES, PAPERS, DEFAULT_LAYOUT, LayoutError, gridFor, frontSlot, backSlot, cutMarks, mm, type CardSizeId, type PaperId, type PrintLayoutSettings, type Grid, type Slot } from './layout';
export { FontMetrics, FONT_FILES, type FontBytes } from './fonts';
export { qrPayload, parseQrPayload } from './qr';
export { serialFor, type CardType } from './serial';
export type { CardLanguage } from './labels';
