/** The bottom toolbar's Search button asks the header to focus its search box. */
export const FOCUS_SEARCH_EVENT = 'focus-search';
