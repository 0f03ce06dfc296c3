import { areas } from '../areas';
import type { ApiDocs } from '../platform/openapi';

/** Every area's route descriptions by the area's name (its tag in the OpenAPI document), for contract tests. */
export function areaApiDocs(): { tag: string; docs: ApiDocs }[] {
  return areas.flatMap((area) => ('routes' in area ? [{ tag: area.name, docs: area.api ?? {} }] : []));
}
