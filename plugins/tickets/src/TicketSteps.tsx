import { Timeline } from 'primereact/timeline';
import { useT, useDateText } from '@bastion/sdk';
import { approvalStep, isOpen, stepSeverity, type ProcessStep, type Ticket } from './ticketRules';
import { ColourTag } from './TicketTags';

interface StepView {
  key: string;
  title: string;
  state: string;
  lines: { label: string; value: string }[];
}

/** Vertical steps: opened, each approval level, and the end once the ticket is closed. */
export function TicketSteps({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const date = useDateText();
  const open = isOpen(ticket);
  const level = approvalStep(ticket);
  const steps: StepView[] = [
    {
      key: 'open',
      title: t('steps.opened'),
      state: 'submitted',
      lines: [
        { label: t('steps.applicant'), value: String(ticket.applicant_display ?? '') },
        { label: t('steps.date'), value: date(ticket.date_created) },
      ],
    },
  ];
  const levels = [...(ticket.process_map ?? [])].sort(
    (a: ProcessStep, b: ProcessStep) => Number(a.approval_level) - Number(b.approval_level),
  );
  for (const s of levels) {
    const n = Number(s.approval_level);
    let state = String(s.state ?? '');
    if (state === 'notified') state = open ? (n === level ? 'pending' : 'waiting') : 'closed';
    const lines = [{ label: t('steps.assignees'), value: (s.assignees_display ?? []).join(', ') }];
    if (s.processor_display) lines.push({ label: t('steps.processor'), value: String(s.processor_display) });
    if (s.approval_date) lines.push({ label: t('steps.date'), value: date(s.approval_date) });
    steps.push({ key: `level-${n}`, title: t('steps.level', { level: n }), state, lines });
  }
  if (!open) {
    steps.push({
      key: 'end',
      title: t('steps.finished'),
      state: String(ticket.state ?? 'closed'),
      lines: [{ label: t('steps.date'), value: date(ticket.date_updated) }],
    });
  }
  return (
    <section className="surface-card border-round shadow-1 p-3" data-testid="ticket-steps">
      <h3 className="mt-0 mb-3 text-base">{t('steps.title')}</h3>
      <Timeline
        value={steps}
        pt={{ opposite: { style: { flex: 0, padding: 0 } } }}
        marker={(step: StepView) => (
          <span
            className={`flex w-1rem h-1rem border-circle ${
              step.state === 'approved'
                ? 'bg-green-500'
                : step.state === 'rejected'
                  ? 'bg-red-500'
                  : step.state === 'pending'
                    ? 'bg-orange-400'
                    : step.state === 'submitted'
                      ? 'bg-blue-500'
                      : 'surface-400'
            }`}
          />
        )}
        content={(step: StepView) => (
          <div className="pb-3" data-testid="ticket-step" data-step={step.key} data-state={step.state}>
            <div className="flex align-items-center gap-2 mb-1">
              <span className="font-semibold">{step.title}</span>
              <ColourTag
                severity={stepSeverity(step.state)}
                value={t(`stepState.${step.state}`, { defaultValue: step.state })}
              />
            </div>
            {step.lines
              .filter((l) => l.value)
              .map((l) => (
                <div key={l.label} className="text-sm text-color-secondary">
                  {l.label}: <span className="text-color">{l.value}</span>
                </div>
              ))}
          </div>
        )}
      />
    </section>
  );
}
