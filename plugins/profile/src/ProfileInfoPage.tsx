import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import { I18n, useProfile, useService, useT } from '@bastion/sdk';
import { choiceLabel, formatDate, roleNames } from './format';
import ImBindingsCard from './ImBindingsCard';
import MessageSubscriptionCard from './MessageSubscriptionCard';

/** The signed-in user's own information (read-only). */
export default function ProfileInfoPage() {
  const t = useT();
  const profile = useProfile();
  const lng = useService(I18n).language;
  if (!profile) return null;

  const locale = lng === 'zh' ? 'zh-CN' : lng;
  const empty = t('value.empty');
  const rows: Array<[string, string]> = [
    ['name', profile.name],
    ['username', profile.username],
    ['email', profile.email ?? ''],
    ['phone', typeof profile.phone === 'string' ? profile.phone : ''],
    ['source', choiceLabel(profile.source, profile.source_display)],
    ['systemRoles', roleNames(profile.system_roles, profile.system_roles_display)],
    ['orgRoles', roleNames(profile.org_roles, profile.org_roles_display)],
    ['mfa', choiceLabel(profile.mfa_level)],
    ['dateJoined', formatDate(profile.date_joined, locale)],
    ['lastLogin', formatDate(profile.last_login, locale)],
    ['passwordUpdated', formatDate(profile.date_password_last_updated, locale)],
  ];

  return (
    <div className="profile-plugin" data-testid="profile-info">
      <Card
        title={t('page.title')}
        subTitle={
          <span className="flex align-items-center gap-2">
            <span>{profile.username}</span>
            {profile.is_superuser ? <Tag value={t('value.superuser')} severity="warning" /> : null}
          </span>
        }
      >
        <dl className="grid m-0">
          {rows.map(([key, value]) => (
            <div key={key} className="col-12 md:col-6 flex gap-3 py-2 border-bottom-1 surface-border">
              <dt className="font-medium text-color-secondary" style={{ minWidth: '9rem' }}>
                {t(`field.${key}`)}
              </dt>
              <dd className="m-0" data-testid={`profile-${key}`}>
                {value || empty}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
      <ImBindingsCard />
      <MessageSubscriptionCard userId={profile.id} />
    </div>
  );
}
