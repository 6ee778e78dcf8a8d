import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useT, type CustomFieldProps } from '@bastion/sdk';
import { ALL_DAY, WEEKDAYS, normalizeRules, type AclRules } from './aclRules';

/**
 * Login ACL rules (docs/auth.md#login-acls): IP group (one per line or comma) and a time period per weekday.
 */
export function AclRulesField({ value, onChange, disabled, id }: CustomFieldProps) {
  const t = useT();
  const rules = normalizeRules(value);
  const set = (next: Partial<AclRules>) => onChange({ ...rules, ...next });
  const setDay = (day: number, text: string) =>
    set({ time_period: rules.time_period.map((p) => (p.id === day ? { ...p, value: text } : p)) });
  return (
    <div className="flex flex-column gap-3" id={id}>
      <div className="flex flex-column gap-1">
        <label className="font-medium">{t('acl.ipGroup')}</label>
        <InputTextarea
          rows={3}
          value={rules.ip_group.join('\n')}
          disabled={disabled}
          onChange={(e) =>
            set({
              ip_group: e.target.value
                .split(/[\n,]/)
                .map((s) => s.trim())
                .filter(Boolean),
            })
          }
          data-testid="acl-ip-group"
        />
        <small className="text-color-secondary">{t('acl.ipGroupHelp')}</small>
      </div>
      <div className="flex flex-column gap-2">
        <label className="font-medium">{t('acl.timePeriod')}</label>
        {WEEKDAYS.map((day) => {
          const period = rules.time_period.find((p) => p.id === day)!;
          return (
            <div key={day} className="flex align-items-center gap-2">
              <span className="w-6rem">{t(`acl.weekday.${day}`)}</span>
              <InputText
                className="flex-1"
                value={period.value}
                disabled={disabled}
                placeholder={t('acl.periodPlaceholder')}
                onChange={(e) => setDay(day, e.target.value)}
                data-testid={`acl-day-${day}`}
              />
              <Button
                type="button"
                size="small"
                text
                label={t('acl.allDay')}
                disabled={disabled}
                onClick={() => setDay(day, ALL_DAY)}
              />
              <Button
                type="button"
                size="small"
                text
                severity="secondary"
                label={t('acl.none')}
                disabled={disabled}
                onClick={() => setDay(day, '')}
              />
            </div>
          );
        })}
        <small className="text-color-secondary">{t('acl.timePeriodHelp')}</small>
      </div>
    </div>
  );
}
