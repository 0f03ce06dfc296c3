/** Every word in a string literal of web/ that looks like a Tailwind class. */
export function webClassWords(): string[];
/** The class groups of tailwind-merge's default configuration those words reach. */
export function usedGroups(words: string[]): Set<string>;
