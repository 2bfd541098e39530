// The category tree and its instruments (the side panel's browse), loaded with their first call.
import { type ClientCore, labelled, sendParsed } from '../core';
import type { CallOptions } from '../requests';
import { CategoriesSchema, CategoryInstrumentsSchema } from '../schemas/categories';
import { need, needInteger } from '../validate';

export function categoriesGroup(core: ClientCore) {
  return {
    list: labelled('categories.list', (opts: CallOptions = {}) =>
      sendParsed(core, 'categories.list', CategoriesSchema, opts),
    ),
    listInstruments: labelled(
      'categories.list_instruments',
      (categoryId: string, page: { page_size?: number; page_number?: number } = {}, opts: CallOptions = {}) => {
        const label = 'categories.list_instruments';
        need('categoryId', categoryId, label, 'category_id');
        if (page.page_size !== undefined) needInteger(page.page_size, label, 'page_size', 1, 1000);
        if (page.page_number !== undefined) needInteger(page.page_number, label, 'page_number', 0, 1_000_000);
        return sendParsed(core, label, CategoryInstrumentsSchema, {
          ...opts,
          params: { category_id: categoryId },
          query: { pageSize: page.page_size, pageNumber: page.page_number },
        });
      },
    ),
  };
}
