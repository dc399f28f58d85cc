import { walkEveryScreen } from './support/axe-walk.ts';

// Every screen as a member at 375 px (support/axe-walk.ts).
walkEveryScreen('member', [375]);
