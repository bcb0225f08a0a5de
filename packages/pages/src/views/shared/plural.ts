/** "1 account", "2 accounts": a count with its noun, singular or plural as English wants. */
export function plural(count: number, noun: string, nounPlural = `${noun}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? noun : nounPlural}`;
}
