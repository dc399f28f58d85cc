/**
 * Whether a member has finished or skipped the welcome step, remembered in this browser per member
 * (a shared computer may have several). Storage that refuses simply asks again next time.
 */
const key = (userId: string) => `inkwell:welcome-done:${userId}`;

export function isWelcomeDone(userId: string): boolean {
  try {
    return window.localStorage.getItem(key(userId)) !== null;
  } catch {
    return false;
  }
}

export function markWelcomeDone(userId: string): void {
  try {
    window.localStorage.setItem(key(userId), new Date().toISOString());
  } catch {
    // refused: the step shows again next time, which is harmless
  }
}
