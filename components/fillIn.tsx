import type { ComponentChildren } from 'preact';

/**
 * A catalogue message with elements in it (a bold account id, a code): the message is asked for with each
 * element's `{name}` left in place, as `i18n.t(key, { account: '{account}' })`, and each `{name}` here
 * becomes its element, wherever the language puts it.
 */
export function fillIn(message: string, parts: Record<string, ComponentChildren>): ComponentChildren[] {
  return message.split(/(\{\w+\})/).map((piece) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    return name !== undefined && name in parts ? parts[name] : piece;
  });
}
