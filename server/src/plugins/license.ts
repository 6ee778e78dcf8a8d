/**
 * The installation's licence. There is no licence support yet, so nothing is licensed: plugins with
 * `licenseRequired` stay hidden and the public settings report XPACK_LICENSE_IS_VALID=false.
 */
export interface LicenseState {
  valid: boolean;
  corporation: string;
}

export function currentLicense(): LicenseState {
  return { valid: false, corporation: '' };
}
