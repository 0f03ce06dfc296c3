/** A button's name among its page's buttons: its label, or its text. */
const buttonKey = (button: Element) => button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '';

const buttonsNamed = (root: Element, key: string) =>
  [...root.querySelectorAll('button')].filter((button) => buttonKey(button) === key);

/**
 * Presses, in the app now shown in `root`, the buttons a visitor pressed on the prerendered page
 * (`from`, taken out of the document but whole) before the app took over: each button's twin is
 * the one with the same name at the same place among the buttons so named.
 */
export function replayPresses(from: HTMLElement, root: HTMLElement, presses: HTMLButtonElement[]) {
  for (const pressed of presses) {
    const key = buttonKey(pressed);
    const twin = buttonsNamed(root, key)[buttonsNamed(from, key).indexOf(pressed)];
    if (!twin) continue;
    // Menus (Radix) open on the pointer going down; plain buttons act on the click.
    const pointer = { bubbles: true, cancelable: true, button: 0, isPrimary: true, pointerType: 'mouse' };
    twin.dispatchEvent(new PointerEvent('pointerdown', pointer));
    twin.dispatchEvent(new PointerEvent('pointerup', pointer));
    twin.click();
  }
}
