import { MoreHorizontal } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@web/components/ui/button';

/** The "more" button of a profile: the menu's trigger, and its stand-in while the menu's code loads. */
export function MoreButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" aria-label="More actions" {...props}>
      <MoreHorizontal aria-hidden="true" />
    </Button>
  );
}
