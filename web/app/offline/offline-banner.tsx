import { CloudOff } from 'lucide-react';
import { OFFLINE_MSG } from '@common/core/offline-texts';

/** Under the top bar while there is no connection (its code loads only then: a default export for lazy). */
export default function OfflineBanner() {
  return (
    <div className="sticky top-14 z-30 flex items-start gap-2 border-b border-border bg-muted px-4 py-2 text-sm text-foreground">
      <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <span className="font-medium">{OFFLINE_MSG.banner}</span>{' '}
        <span className="text-muted-foreground">{OFFLINE_MSG.bannerDetail}</span>
      </p>
    </div>
  );
}
