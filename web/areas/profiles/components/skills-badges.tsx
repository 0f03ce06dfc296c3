import { PROFILES } from '@common/profiles/model';
import { Badge } from '@web/components/ui/badge';

/** The first eight skills as badges, then '+N more' (its title lists the rest). */
export function SkillsBadges({ skills }: { skills: readonly string[] }) {
  if (skills.length === 0) return null;
  const shown = skills.slice(0, PROFILES.skillBadges);
  const rest = skills.slice(PROFILES.skillBadges);
  return (
    <ul aria-label="Skills" className="flex flex-wrap gap-1.5">
      {shown.map((skill) => (
        <li key={skill}>
          <Badge variant="secondary">{skill}</Badge>
        </li>
      ))}
      {rest.length > 0 ? (
        <li>
          <Badge variant="outline" title={rest.join(', ')}>
            +{rest.length} more
            <span className="sr-only">: {rest.join(', ')}</span>
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}
