import { Moon, Sun } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@web/components/ui/button';
import { useTheme } from '../providers/theme-provider';

/** The theme menu's trigger: an icon button showing the theme in effect. */
export function ThemeTrigger(props: ComponentProps<'button'>) {
  const { resolvedTheme } = useTheme();
  const Icon = resolvedTheme === 'dark' ? Moon : Sun;
  return (
    <Button variant="ghost" size="icon" aria-label="Change theme" {...props}>
      <Icon aria-hidden="true" className="size-5" />
    </Button>
  );
}
