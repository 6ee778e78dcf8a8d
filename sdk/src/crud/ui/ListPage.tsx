import { ListTable } from './ListTable';
import { useKit } from './kit';
import type { ListPageProps, Row } from './types';

/** The generic list page: optional heading and help alert over the list table. */
export function ListPage<R extends Row = Row>({ title, help, ...table }: ListPageProps<R>) {
  const { pt } = useKit();
  return (
    <div className="flex flex-column gap-3">
      {title ? <h2 className="m-0 text-xl">{pt(title)}</h2> : null}
      {help ? (
        <div className="p-inline-message p-inline-message-success w-full justify-content-start" role="status">
          {pt(help)}
        </div>
      ) : null}
      <ListTable<R> {...table} />
    </div>
  );
}

export default ListPage;
