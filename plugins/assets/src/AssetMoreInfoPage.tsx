import { FormPage, useService, Http } from '@bastion/sdk';
import { ASSETS_PATH, ASSETS_URL, PLATFORM_SELECT } from './common';

/** The hardware and OS facts an admin may correct by hand (what "refresh hardware" otherwise reads). */
const FIELDS = [
  ['asset.basic', ['hostname', 'ip', 'platform', 'number']],
  [
    'asset.hardware',
    ['vendor', 'model', 'sn', 'cpu_model', 'cpu_count', 'cpu_cores', 'cpu_vcpus', 'memory', 'disk_total'],
  ],
  ['asset.os', ['os', 'os_version', 'os_arch']],
] as const;

/**
 * "Update more detail" (`/console/assets/assets/detail/:id/update`, docs/resources.md#assets): the asset's
 * identity, hardware and OS fields, saved with PATCH so nothing else of the asset changes; back to its
 * detail page after saving.
 */
export default function AssetMoreInfoPage() {
  const http = useService(Http);
  return (
    <FormPage
      url={ASSETS_URL}
      basePath={ASSETS_PATH}
      testId="asset-more-info"
      fields={FIELDS}
      fieldsMeta={{ platform: { relation: PLATFORM_SELECT } }}
      saveAndAdd={false}
      submit={async (values, _mode, id) =>
        http.patch<Record<string, unknown>>(`${ASSETS_URL}${encodeURIComponent(String(id))}/`, values)
      }
      afterSave={(object) => `${ASSETS_PATH}/${encodeURIComponent(String(object.id))}`}
    />
  );
}
