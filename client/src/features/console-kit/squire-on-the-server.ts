/**
 * What the server's renderer of the first HTML gets for squire-rte (client/vite.config.mts): the editor library
 * reads navigator and document as it loads, which Node has not, and the renderer never draws the console.
 */
export default class SquireOnTheServer {
  constructor() {
    throw new Error('The rich-text editor runs only in a browser.');
  }
}
