import { Webhooks } from "../_sections/webhooks";
import { sectionPage } from "../_sections/status";

export default sectionPage(Webhooks);
