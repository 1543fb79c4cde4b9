/**
 * A message with markup in it: `<0>…</0>` in the message becomes `components[0]` with that
 * text as its children (a link, a bold word), and `<0/>` becomes `components[0]` as it is (a
 * name the code renders), so translators can move either within the sentence. Tags may nest; a
 * tag with no component keeps its text only.
 */
import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { useT, type MessageValues } from '../lib/i18n.ts';

interface Props {
  id: string;
  values?: MessageValues;
  components?: Record<string, ReactElement<{ children?: ReactNode }>>;
}

const TAG = /<(\d+)\/>|<(\d+)>([\s\S]*?)<\/\2>/;

/** `text` with its numbered tags replaced by `components`. */
export function formatElements(text: string, components: Props['components'] = {}): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  let key = 0;
  for (let match = TAG.exec(rest); match; match = TAG.exec(rest)) {
    if (match.index > 0) out.push(rest.slice(0, match.index));
    const [whole, empty, name = '', inner = ''] = match;
    const component = components[empty ?? name];
    if (empty !== undefined) out.push(component ? cloneElement(component, { key: key++ }) : null);
    else {
      const children = formatElements(inner, components);
      out.push(component ? cloneElement(component, { key: key++ }, ...children) : <Fragment key={key++}>{children}</Fragment>);
    }
    rest = rest.slice(match.index + whole.length);
  }
  if (rest) out.push(rest);
  return out;
}

export function Trans({ id, values, components }: Props) {
  const t = useT();
  return <>{formatElements(t(id, values), components)}</>;
}
