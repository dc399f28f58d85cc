import { walkEveryScreen } from './support/axe-walk.ts';

// Every screen as a visitor, at both widths (support/axe-walk.ts); a visitor's walk is the shortest.
walkEveryScreen('visitor', [1280, 375]);
