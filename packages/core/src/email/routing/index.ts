/**
 * The front door of routing/: the routing rules' verdict on arrival and after extraction. Other
 * contexts import these from here, never the files behind.
 */
export { extractedAmount, jobRouting, routeOnArrival, type RoutingDecision } from './routing.js';
