import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';
import { Input } from './input';

/** A search field with the magnifier inside it. `wrapperClassName` sizes the outer box. */
export function SearchInput({
  className,
  wrapperClassName,
  ...props
}: ComponentProps<typeof Input> & { wrapperClassName?: string }) {
  return (
    <div className={cn('relative', wrapperClassName)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input type="search" autoComplete="off" className={cn('h-9 pl-9', className)} {...props} />
    </div>
  );
}
