import type { ReactNode } from 'react';
import { RelationCard } from './components';
import type { RelationConfig } from './formFields';
import type { DetailContext } from './ui/DetailPage';

/**
 * A detail-page relation card over an m2m field of the object itself (e.g. a group's `users`): adding and
 * removing PATCH the object with the new id list. Disabled in the root organization.
 */
export function m2mCard(input: {
  field: string;
  /** Plugin i18n key. */
  title: string;
  select: RelationConfig;
  /** Permission needed to edit (default: the page's change right is not checked here, the server decides). */
  permission?: string;
}): (context: DetailContext) => ReactNode {
  return function M2MCard(c: DetailContext) {
    const raw = c.object[input.field];
    const ids = Array.isArray(raw)
      ? raw.map((v) => (v && typeof v === 'object' ? String((v as { id: unknown }).id) : String(v)))
      : [];
    const save = async (next: string[]): Promise<void> => {
      await c.http.patch(c.url, { [input.field]: next });
      c.reload();
    };
    return (
      <RelationCard
        title={input.title}
        select={input.select}
        value={ids}
        disabled={c.rootOrg || (input.permission ? !c.can(input.permission) : false)}
        add={(more) => save([...ids, ...more])}
        remove={(id) => save(ids.filter((u) => u !== id))}
      />
    );
  };
}
