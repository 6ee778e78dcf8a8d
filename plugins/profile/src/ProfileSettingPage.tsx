import { MfaForm } from './MfaForm';
import { PasswordChangeForm } from './PasswordChangeForm';
import { PublicKeyForm } from './PublicKeyForm';

/**
 * The profile's settings page (docs/profile.md): a user changes their own password with the old one — the
 * server checks the password rules of the security settings and answers each broken rule, shown under the
 * field; a refused change keeps what was typed —, binds or removes their authenticator (MFA) and sets or
 * removes their SSH public key.
 */
export default function ProfileSettingPage() {
  return (
    <div className="profile-plugin flex flex-column gap-5">
      <PasswordChangeForm />
      <MfaForm />
      <PublicKeyForm />
    </div>
  );
}
