import { useId, useState } from 'react';
import {
  DIGEST_DEFAULT_FREQUENCY,
  DIGEST_FREQUENCIES,
  DIGEST_MSG,
  type DigestFrequency,
} from '@common/digests/model';
import { MSG } from '@common/core/texts';
import { LoadError } from '@web/components/load-error';
import { cn } from '@web/lib/cn';
import { useDigestPreference, useSetDigestFrequency } from '../api/digest-preference';

/** Settings, Notifications: how often the digest email comes (daily, weekly, off); saves at once. */
export function DigestSetting() {
  const id = useId();
  const preference = useDigestPreference();
  const save = useSetDigestFrequency();
  // The choice shows as made in the same render as the click (the cache's optimistic value comes a
  // moment later, after the mutation starts), so the controlled radio never flicks back.
  const [chosen, setChosen] = useState<DigestFrequency | null>(null);
  const current = chosen ?? preference.data?.frequency ?? DIGEST_DEFAULT_FREQUENCY;

  return (
    <div className="grid gap-1.5 py-4" aria-busy={preference.isPending || undefined}>
      <p id={`${id}-label`} className="text-sm leading-snug font-medium">
        {DIGEST_MSG.settingLabel}
      </p>
      <p id={`${id}-help`} className="text-sm text-muted-foreground">
        {DIGEST_MSG.settingHelp}
      </p>
      {preference.isError && !preference.data ? (
        <LoadError align="start" message={MSG.unexpected} onRetry={preference.refetch} />
      ) : (
        <div
          role="radiogroup"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-help`}
          className="mt-1.5 flex flex-wrap gap-2"
        >
          {DIGEST_FREQUENCIES.map((frequency) => (
            <label
              key={frequency}
              className={cn(
                'flex min-h-9 cursor-pointer items-center gap-2 rounded-md border border-border px-3 text-sm',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                current === frequency && 'border-primary bg-primary/10 font-medium',
              )}
            >
              <input
                type="radio"
                name={`${id}-frequency`}
                value={frequency}
                checked={current === frequency}
                disabled={preference.isPending}
                onChange={() => {
                  setChosen(frequency);
                  save.mutate(frequency, { onSettled: () => setChosen(null) });
                }}
                className="accent-primary"
              />
              {DIGEST_MSG.options[frequency]}
            </label>
          ))}
        </div>
      )}
    </div>
  );
}
