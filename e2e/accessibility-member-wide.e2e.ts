import { walkEveryScreen } from './support/axe-walk.ts';

// Every screen as a member at 1280 px (support/axe-walk.ts).
walkEveryScreen('member', [1280]);
