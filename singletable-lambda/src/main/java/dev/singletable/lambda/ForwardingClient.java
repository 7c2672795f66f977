package dev.singletable.lambda;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbServiceClientConfiguration;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CreateBackupRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateBackupResponse;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalTableResponse;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteBackupRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteBackupResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteResourcePolicyRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteResourcePolicyResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeBackupRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeBackupResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeContinuousBackupsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeContinuousBackupsResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeContributorInsightsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeContributorInsightsResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeEndpointsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeEndpointsResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeExportRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeExportResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeGlobalTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeGlobalTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeGlobalTableSettingsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeGlobalTableSettingsResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeImportRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeImportResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeKinesisStreamingDestinationRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeKinesisStreamingDestinationResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeLimitsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeLimitsResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableReplicaAutoScalingRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableReplicaAutoScalingResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.model.DisableKinesisStreamingDestinationRequest;
import software.amazon.awssdk.services.dynamodb.model.DisableKinesisStreamingDestinationResponse;
import software.amazon.awssdk.services.dynamodb.model.EnableKinesisStreamingDestinationRequest;
import software.amazon.awssdk.services.dynamodb.model.EnableKinesisStreamingDestinationResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionResponse;
import software.amazon.awssdk.services.dynamodb.model.ExportTableToPointInTimeRequest;
import software.amazon.awssdk.services.dynamodb.model.ExportTableToPointInTimeResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetResourcePolicyRequest;
import software.amazon.awssdk.services.dynamodb.model.GetResourcePolicyResponse;
import software.amazon.awssdk.services.dynamodb.model.ImportTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ImportTableResponse;
import software.amazon.awssdk.services.dynamodb.model.ListBackupsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListBackupsResponse;
import software.amazon.awssdk.services.dynamodb.model.ListContributorInsightsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListContributorInsightsResponse;
import software.amazon.awssdk.services.dynamodb.model.ListExportsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListExportsResponse;
import software.amazon.awssdk.services.dynamodb.model.ListGlobalTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.ListGlobalTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.ListImportsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListImportsResponse;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.ListTagsOfResourceRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTagsOfResourceResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutResourcePolicyRequest;
import software.amazon.awssdk.services.dynamodb.model.PutResourcePolicyResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.RestoreTableFromBackupRequest;
import software.amazon.awssdk.services.dynamodb.model.RestoreTableFromBackupResponse;
import software.amazon.awssdk.services.dynamodb.model.RestoreTableToPointInTimeRequest;
import software.amazon.awssdk.services.dynamodb.model.RestoreTableToPointInTimeResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TagResourceRequest;
import software.amazon.awssdk.services.dynamodb.model.TagResourceResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UntagResourceRequest;
import software.amazon.awssdk.services.dynamodb.model.UntagResourceResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateContinuousBackupsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateContinuousBackupsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateContributorInsightsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateContributorInsightsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateGlobalTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateGlobalTableResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateGlobalTableSettingsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateGlobalTableSettingsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateKinesisStreamingDestinationRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateKinesisStreamingDestinationResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableReplicaAutoScalingRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableReplicaAutoScalingResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.waiters.DynamoDbWaiter;

/**
 * {@link SnapshotReadiness#client()}: sends each operation through the client open at the moment. Written out, one
 * method per operation, rather than a {@link java.lang.reflect.Proxy}: a fresh JVM (a Lambda function's cold start)
 * spun the proxy's class and linked a reflective call per operation on its first request, work that an AOT cache does
 * not keep. {@code ForwardingClientTest} fails when an SDK release adds an operation that this class does not forward.
 * The paginators and the operations' {@code Consumer} forms are the interface's own methods, which call these.
 */
final class ForwardingClient implements DynamoDbClient {
    private final SnapshotReadiness readiness;

    ForwardingClient(SnapshotReadiness readiness) {
        this.readiness = readiness;
    }

    @Override
    public String serviceName() {
        return SERVICE_NAME; // without opening a client
    }

    @Override
    public void close() {
        readiness.closeOpenClient();
    }

    @Override
    public String toString() {
        return "snapshot-ready client (" + readiness.clientsOpened() + " opened)";
    }

    @Override
    public DynamoDbServiceClientConfiguration serviceClientConfiguration() {
        return readiness.current().serviceClientConfiguration();
    }

    @Override
    public DynamoDbWaiter waiter() {
        return readiness.current().waiter();
    }

    @Override
    public BatchExecuteStatementResponse batchExecuteStatement(BatchExecuteStatementRequest request) {
        return readiness.current().batchExecuteStatement(request);
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
        return readiness.current().batchGetItem(request);
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
        return readiness.current().batchWriteItem(request);
    }

    @Override
    public CreateBackupResponse createBackup(CreateBackupRequest request) {
        return readiness.current().createBackup(request);
    }

    @Override
    public CreateGlobalTableResponse createGlobalTable(CreateGlobalTableRequest request) {
        return readiness.current().createGlobalTable(request);
    }

    @Override
    public CreateTableResponse createTable(CreateTableRequest request) {
        return readiness.current().createTable(request);
    }

    @Override
    public DeleteBackupResponse deleteBackup(DeleteBackupRequest request) {
        return readiness.current().deleteBackup(request);
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest request) {
        return readiness.current().deleteItem(request);
    }

    @Override
    public DeleteResourcePolicyResponse deleteResourcePolicy(DeleteResourcePolicyRequest request) {
        return readiness.current().deleteResourcePolicy(request);
    }

    @Override
    public DeleteTableResponse deleteTable(DeleteTableRequest request) {
        return readiness.current().deleteTable(request);
    }

    @Override
    public DescribeBackupResponse describeBackup(DescribeBackupRequest request) {
        return readiness.current().describeBackup(request);
    }

    @Override
    public DescribeContinuousBackupsResponse describeContinuousBackups(DescribeContinuousBackupsRequest request) {
        return readiness.current().describeContinuousBackups(request);
    }

    @Override
    public DescribeContributorInsightsResponse describeContributorInsights(DescribeContributorInsightsRequest request) {
        return readiness.current().describeContributorInsights(request);
    }

    @Override
    public DescribeEndpointsResponse describeEndpoints(DescribeEndpointsRequest request) {
        return readiness.current().describeEndpoints(request);
    }

    @Override
    public DescribeExportResponse describeExport(DescribeExportRequest request) {
        return readiness.current().describeExport(request);
    }

    @Override
    public DescribeGlobalTableResponse describeGlobalTable(DescribeGlobalTableRequest request) {
        return readiness.current().describeGlobalTable(request);
    }

    @Override
    public DescribeGlobalTableSettingsResponse describeGlobalTableSettings(DescribeGlobalTableSettingsRequest request) {
        return readiness.current().describeGlobalTableSettings(request);
    }

    @Override
    public DescribeImportResponse describeImport(DescribeImportRequest request) {
        return readiness.current().describeImport(request);
    }

    @Override
    public DescribeKinesisStreamingDestinationResponse describeKinesisStreamingDestination(DescribeKinesisStreamingDestinationRequest request) {
        return readiness.current().describeKinesisStreamingDestination(request);
    }

    @Override
    public DescribeLimitsResponse describeLimits(DescribeLimitsRequest request) {
        return readiness.current().describeLimits(request);
    }

    @Override
    public DescribeTableResponse describeTable(DescribeTableRequest request) {
        return readiness.current().describeTable(request);
    }

    @Override
    public DescribeTableReplicaAutoScalingResponse describeTableReplicaAutoScaling(DescribeTableReplicaAutoScalingRequest request) {
        return readiness.current().describeTableReplicaAutoScaling(request);
    }

    @Override
    public DescribeTimeToLiveResponse describeTimeToLive(DescribeTimeToLiveRequest request) {
        return readiness.current().describeTimeToLive(request);
    }

    @Override
    public DisableKinesisStreamingDestinationResponse disableKinesisStreamingDestination(DisableKinesisStreamingDestinationRequest request) {
        return readiness.current().disableKinesisStreamingDestination(request);
    }

    @Override
    public EnableKinesisStreamingDestinationResponse enableKinesisStreamingDestination(EnableKinesisStreamingDestinationRequest request) {
        return readiness.current().enableKinesisStreamingDestination(request);
    }

    @Override
    public ExecuteStatementResponse executeStatement(ExecuteStatementRequest request) {
        return readiness.current().executeStatement(request);
    }

    @Override
    public ExecuteTransactionResponse executeTransaction(ExecuteTransactionRequest request) {
        return readiness.current().executeTransaction(request);
    }

    @Override
    public ExportTableToPointInTimeResponse exportTableToPointInTime(ExportTableToPointInTimeRequest request) {
        return readiness.current().exportTableToPointInTime(request);
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        return readiness.current().getItem(request);
    }

    @Override
    public GetResourcePolicyResponse getResourcePolicy(GetResourcePolicyRequest request) {
        return readiness.current().getResourcePolicy(request);
    }

    @Override
    public ImportTableResponse importTable(ImportTableRequest request) {
        return readiness.current().importTable(request);
    }

    @Override
    public ListBackupsResponse listBackups(ListBackupsRequest request) {
        return readiness.current().listBackups(request);
    }

    @Override
    public ListContributorInsightsResponse listContributorInsights(ListContributorInsightsRequest request) {
        return readiness.current().listContributorInsights(request);
    }

    @Override
    public ListExportsResponse listExports(ListExportsRequest request) {
        return readiness.current().listExports(request);
    }

    @Override
    public ListGlobalTablesResponse listGlobalTables(ListGlobalTablesRequest request) {
        return readiness.current().listGlobalTables(request);
    }

    @Override
    public ListImportsResponse listImports(ListImportsRequest request) {
        return readiness.current().listImports(request);
    }

    @Override
    public ListTablesResponse listTables(ListTablesRequest request) {
        return readiness.current().listTables(request);
    }

    @Override
    public ListTagsOfResourceResponse listTagsOfResource(ListTagsOfResourceRequest request) {
        return readiness.current().listTagsOfResource(request);
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        return readiness.current().putItem(request);
    }

    @Override
    public PutResourcePolicyResponse putResourcePolicy(PutResourcePolicyRequest request) {
        return readiness.current().putResourcePolicy(request);
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        return readiness.current().query(request);
    }

    @Override
    public RestoreTableFromBackupResponse restoreTableFromBackup(RestoreTableFromBackupRequest request) {
        return readiness.current().restoreTableFromBackup(request);
    }

    @Override
    public RestoreTableToPointInTimeResponse restoreTableToPointInTime(RestoreTableToPointInTimeRequest request) {
        return readiness.current().restoreTableToPointInTime(request);
    }

    @Override
    public ScanResponse scan(ScanRequest request) {
        return readiness.current().scan(request);
    }

    @Override
    public TagResourceResponse tagResource(TagResourceRequest request) {
        return readiness.current().tagResource(request);
    }

    @Override
    public TransactGetItemsResponse transactGetItems(TransactGetItemsRequest request) {
        return readiness.current().transactGetItems(request);
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        return readiness.current().transactWriteItems(request);
    }

    @Override
    public UntagResourceResponse untagResource(UntagResourceRequest request) {
        return readiness.current().untagResource(request);
    }

    @Override
    public UpdateContinuousBackupsResponse updateContinuousBackups(UpdateContinuousBackupsRequest request) {
        return readiness.current().updateContinuousBackups(request);
    }

    @Override
    public UpdateContributorInsightsResponse updateContributorInsights(UpdateContributorInsightsRequest request) {
        return readiness.current().updateContributorInsights(request);
    }

    @Override
    public UpdateGlobalTableResponse updateGlobalTable(UpdateGlobalTableRequest request) {
        return readiness.current().updateGlobalTable(request);
    }

    @Override
    public UpdateGlobalTableSettingsResponse updateGlobalTableSettings(UpdateGlobalTableSettingsRequest request) {
        return readiness.current().updateGlobalTableSettings(request);
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest request) {
        return readiness.current().updateItem(request);
    }

    @Override
    public UpdateKinesisStreamingDestinationResponse updateKinesisStreamingDestination(UpdateKinesisStreamingDestinationRequest request) {
        return readiness.current().updateKinesisStreamingDestination(request);
    }

    @Override
    public UpdateTableResponse updateTable(UpdateTableRequest request) {
        return readiness.current().updateTable(request);
    }

    @Override
    public UpdateTableReplicaAutoScalingResponse updateTableReplicaAutoScaling(UpdateTableReplicaAutoScalingRequest request) {
        return readiness.current().updateTableReplicaAutoScaling(request);
    }

    @Override
    public UpdateTimeToLiveResponse updateTimeToLive(UpdateTimeToLiveRequest request) {
        return readiness.current().updateTimeToLive(request);
    }
}
