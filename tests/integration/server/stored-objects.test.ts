// The local upload store's byte source (what the DICOM identity check reads, issue 19); the same contract runs
// against S3 in stored-objects.s3.test.ts.
import { localStoreUnderTest, storedObjectContract } from '#tests/utils/stored-objects.ts';

storedObjectContract('uploads on this disk', localStoreUnderTest);
