// Small helpers over Maps of lists, shared by the model and the rules.

/**
 * Appends a value to a key's list, made on first use. In place: a list copied on each append
 * grows in quadratic time (a folder of 50,000 files read one by one).
 */
export function appendTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
