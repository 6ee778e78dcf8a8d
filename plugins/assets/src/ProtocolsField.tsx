import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { useT, type CustomFieldProps } from '@bastion/sdk';
import { PROTOCOL_PORTS } from './common';

interface Protocol {
  name: string;
  port: number | null;
}

/** `["ssh/22", "rdp/3389"]` ↔ rows; anything unreadable becomes an ssh row the user can fix. */
export function parseProtocols(value: unknown): Protocol[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => {
    const [name = 'ssh', port = ''] = String(item).split('/');
    const number = Number(port);
    return { name: name in PROTOCOL_PORTS ? name : 'ssh', port: Number.isInteger(number) ? number : null };
  });
}

function format(rows: readonly Protocol[]): string[] {
  return rows.map((row) => `${row.name}/${row.port ?? ''}`);
}

/** The asset form's protocol list: a protocol and its port per row (docs/resources.md#assets). */
export function ProtocolsField({ value, onChange, disabled, id, invalid }: CustomFieldProps) {
  const t = useT();
  const rows = parseProtocols(value);
  const set = (next: Protocol[]) => onChange(format(next));
  const options = Object.keys(PROTOCOL_PORTS).map((name) => ({ label: name, value: name }));
  return (
    <div className="flex flex-column gap-2" id={id} data-testid="asset-protocols">
      {rows.map((row, index) => (
        <div key={index} className="flex align-items-center gap-2">
          <Dropdown
            value={row.name}
            options={options}
            disabled={disabled}
            className={invalid ? 'p-invalid' : undefined}
            onChange={(e) =>
              set(
                rows.map((r, i) =>
                  i === index ? { name: String(e.value), port: PROTOCOL_PORTS[String(e.value)] ?? null } : r,
                ),
              )
            }
            aria-label={t('asset.protocol')}
          />
          <InputNumber
            value={row.port}
            useGrouping={false}
            min={1}
            max={65535}
            disabled={disabled}
            onValueChange={(e) =>
              set(rows.map((r, i) => (i === index ? { ...r, port: e.value ?? null } : r)))
            }
            aria-label={t('asset.port')}
            data-testid={`asset-protocol-port-${index}`}
          />
          <Button
            type="button"
            icon="pi pi-minus"
            text
            severity="danger"
            disabled={disabled || rows.length <= 1}
            onClick={() => set(rows.filter((_, i) => i !== index))}
            aria-label={t('asset.removeProtocol')}
          />
        </div>
      ))}
      <div>
        <Button
          type="button"
          icon="pi pi-plus"
          label={t('asset.addProtocol')}
          text
          disabled={disabled}
          onClick={() => set([...rows, { name: 'ssh', port: PROTOCOL_PORTS.ssh ?? 22 }])}
        />
      </div>
    </div>
  );
}
