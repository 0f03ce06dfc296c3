import { WEB_AREAS } from '@web/areas/index';

/**
 * LiveUpdates with every area's live hooks, for React.lazy. The wiring and the hooks load side by
 * side and mount together, so every hook listens from the moment the socket opens.
 */
export async function loadLiveUpdates() {
  const [{ LiveUpdates }, hookLists] = await Promise.all([
    import('./live-updates'),
    Promise.all(WEB_AREAS.map((area) => area.liveHooks?.() ?? [])),
  ]);
  const hooks = hookLists.flat();
  function LiveUpdatesOfAreas({ viewerId }: { viewerId: string }) {
    return <LiveUpdates viewerId={viewerId} hooks={hooks} />;
  }
  return { default: LiveUpdatesOfAreas };
}
