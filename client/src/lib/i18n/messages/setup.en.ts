/** English texts of the console's first-run checklist (issue 28); Bengali in setup.bn.ts. */
export const setupEn = {
  'setup.title': 'Set up your shop',
  'setup.intro': 'The shop refuses orders until these steps are done. Do each on its page, or run npm run setup on the server once.',
  'setup.step.settings': 'Save the shop settings: name, hotline, delivery charges',
  'setup.step.category': 'Add a category',
  'setup.step.product': 'Add a product with its sizes and price, and publish it',
  'setup.step.stock': 'Receive stock for a size of it',
  'setup.done': 'Done',
  'setup.todo': 'To do',
};
