// The information cards of the ticket detail page: basic info, what is applied for, and who it is assigned
// to (with the permission an approved request created).
import { useEffect, useState, type ReactNode } from 'react';
import { DetailCard, Http, useCan, useService, useT, type DetailItem, useDateText } from '@bastion/sdk';
import { applyFields, metaText } from './applyMeta';
import { ASSET_PERMISSIONS_URL } from './paths';
import { currentStep, type Ticket } from './ticketRules';
import { StateTag, StatusTag } from './TicketTags';

export function BasicInfo({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const date = useDateText();
  const row = (key: string, value: ReactNode): DetailItem => ({ key, label: t(`field.${key}`), value });
  const items = [
    row('serial_num', String(ticket.serial_num ?? '')),
    row('title', String(ticket.title ?? '')),
    row('type', String(ticket.type_display ?? ticket.type ?? '')),
    row('applicant', String(ticket.applicant_display ?? '')),
    row('org', String(ticket.org_name ?? '')),
    row('status', <StatusTag status={ticket.status} />),
    row('state', <StateTag state={ticket.state} />),
    row('date_created', date(ticket.date_created)),
    row('date_updated', date(ticket.date_updated)),
    row('comment', String(ticket.comment ?? '')),
  ];
  return <DetailCard title="detail.basicInfo" items={items} />;
}

export function ApplyInfo({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const date = useDateText();
  const meta = ticket.meta && typeof ticket.meta === 'object' ? ticket.meta : {};
  const items: DetailItem[] = applyFields(ticket.type, meta)
    .map((field) => ({
      key: field,
      label: t(`meta.${field}`, { defaultValue: field }),
      value: metaText(field, meta, t, date),
    }))
    // System users are not offered yet (none exist): their empty row would only puzzle.
    .filter((item) => item.key !== 'apply_system_users' || item.value !== '');
  if (!items.length) return null;
  return <DetailCard title="detail.applyInfo" items={items} />;
}

/** The permission an approved asset request created (its id is the ticket's), for those who may see it. */
function GrantedPermission({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const http = useService(Http);
  const canView = useCan('perms.view_assetpermission');
  const [name, setName] = useState<string | null>(null);
  const wanted = canView && ticket.type === 'apply_asset' && ticket.state === 'approved';
  useEffect(() => {
    if (!wanted) return;
    let alive = true;
    http
      .get<Record<string, unknown>>(`${ASSET_PERMISSIONS_URL}${encodeURIComponent(ticket.id)}/`, {
        params: { oid: ticket.org_id },
        silent: true,
      })
      .then((p) => alive && setName(String(p?.name ?? '')))
      .catch(() => alive && setName(null));
    return () => {
      alive = false;
    };
  }, [http, wanted, ticket.id, ticket.org_id]);
  if (!wanted || !name) return null;
  return (
    <div className="col-12 flex gap-3 py-2 border-bottom-1 surface-border" data-testid="ticket-permission">
      <dt className="w-10rem flex-shrink-0 text-color-secondary">{t('detail.permission')}</dt>
      <dd className="m-0 flex-1">{name}</dd>
    </div>
  );
}

/** Who the ticket waits for now, and who decided each level so far (from `process_map`). */
export function AssignedInfo({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const date = useDateText();
  const step = currentStep(ticket);
  const handled = (ticket.process_map ?? []).filter((s) => s.processor_display || s.approval_date);
  const items: DetailItem[] = [];
  if (step) {
    items.push({
      key: 'assignees',
      label: t('detail.assignees'),
      value: (step.assignees_display ?? []).join(', '),
    });
  }
  for (const s of handled) {
    items.push({
      key: `processor-${s.approval_level}`,
      label: t('detail.processorOfLevel', { level: s.approval_level }),
      value: `${s.processor_display ?? ''}${s.approval_date ? ` · ${date(s.approval_date)}` : ''}`,
    });
  }
  return (
    <section className="surface-card border-round shadow-1 p-3" data-testid="ticket-assigned">
      <h3 className="mt-0 mb-3 text-base">{t('detail.assignedInfo')}</h3>
      <dl className="m-0 grid">
        {items.map((item) => (
          <div key={item.key} className="col-12 flex gap-3 py-2 border-bottom-1 surface-border">
            <dt className="w-10rem flex-shrink-0 text-color-secondary">{item.label}</dt>
            <dd className="m-0 flex-1" style={{ wordBreak: 'break-word' }}>
              {item.value}
            </dd>
          </div>
        ))}
        <GrantedPermission ticket={ticket} />
      </dl>
      {!items.length ? <p className="m-0 text-color-secondary">{t('detail.nobody')}</p> : null}
    </section>
  );
}
