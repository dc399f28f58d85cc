/**
 * Resolves in a new task of the main thread, after the browser had its chance to handle input and
 * paint: long work cut into such steps never blocks a tap for long. A message, not a timer (timers
 * nested deeper than five are held back 4 ms each).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
