import { MSG } from '@common/core/texts';
import { DEFAULT_SETTINGS } from '@common/profiles/model';
import { LoadError } from '@web/components/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { useSettings } from '../api/get-settings';
import { useUpdateSetting, type SettingKey } from '../api/update-settings';
import { SettingSwitch } from './setting-switch';

export type SwitchSpec = { key: SettingKey; label: string; description: string };

/** A group of switches backed by GET/PATCH /api/settings; each flip saves on its own. */
export function SettingsSwitches({ switches }: { switches: readonly SwitchSpec[] }) {
  const settings = useSettings();
  const update = useUpdateSetting();

  if (settings.isError && !settings.data) {
    return (
      <LoadError
        align="start"
        message={
          isApiError(settings.error) && settings.error.code !== 'NETWORK'
            ? settings.error.message
            : MSG.unexpected
        }
        onRetry={settings.refetch}
      />
    );
  }

  const values = settings.data ?? DEFAULT_SETTINGS;
  return (
    <div className="relative divide-y divide-border" aria-busy={settings.isPending || undefined}>
      {switches.map((spec) => (
        <SettingSwitch
          key={spec.key}
          label={spec.label}
          description={spec.description}
          checked={values[spec.key]}
          disabled={settings.isPending}
          onCheckedChange={(value) => update.mutate({ key: spec.key, value })}
        />
      ))}
      {settings.isPending ? (
        <div className="absolute inset-0 flex items-center justify-center">
          <Spinner label="Loading settings" className="size-6 text-muted-foreground" />
        </div>
      ) : null}
    </div>
  );
}
