// Mantine's SegmentedControl styles with its FloatingIndicator's, which it does not import
// itself: without them the selected segment's indicator sits off its segment by the padding.
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/FloatingIndicator.css';
