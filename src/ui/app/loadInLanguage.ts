// A lazy screen or panel is ready once its chunk is in and its texts are in the screens'
// language (issue 15): its text modules start loading their catalogs as the chunk runs.
import { textsReady } from '../../domain/texts';

export async function loadInLanguage<M>(load: () => Promise<M>): Promise<M> {
  const module = await load();
  await textsReady();
  return module;
}
