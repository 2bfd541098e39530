// A catalogue sentence with elements in it (a link, a bold word, a key), each where the language puts its
// {name}: the sentence is asked for with markers in place of the names, then cut at them.
import { type ComponentChildren, Fragment } from 'preact';

const MARK = '\u0001';

/** The substitution that marks where `name`'s element goes. */
export const slot = (name: string) => `${MARK}${name}${MARK}`;

/** `text` (asked for with slot(name) for each name) with each name's element in its place. */
export function rich(text: string, parts: Record<string, ComponentChildren>) {
  return (
    <>{text.split(MARK).map((piece, i) => (i % 2 === 1 ? <Fragment key={piece}>{parts[piece]}</Fragment> : piece))}</>
  );
}
