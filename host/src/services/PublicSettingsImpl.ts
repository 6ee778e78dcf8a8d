import { inject, injectable } from 'inversify';
import {
  Http,
  PUBLIC_SETTINGS_URL,
  type HttpClient,
  type PublicSettingValues,
  type PublicSettingsService,
} from '@bastion/sdk';

@injectable()
export class PublicSettingsImpl implements PublicSettingsService {
  values: PublicSettingValues | null = null;

  constructor(@inject(Http) private readonly http: HttpClient) {}

  async load(): Promise<PublicSettingValues> {
    const body = await this.http.get<{ data?: PublicSettingValues } | PublicSettingValues>(
      PUBLIC_SETTINGS_URL,
    );
    // The core answers {data: {...}}; accept a bare object too so a thin proxy in front of it still works.
    const data = (
      body && typeof body === 'object' && 'data' in body ? body.data : body
    ) as PublicSettingValues;
    this.values = data ?? {};
    return this.values;
  }

  get xpackEnabled(): boolean {
    return this.values?.XPACK_ENABLED === true;
  }

  get licensed(): boolean {
    return this.xpackEnabled && this.values?.XPACK_LICENSE_IS_VALID === true;
  }
}
