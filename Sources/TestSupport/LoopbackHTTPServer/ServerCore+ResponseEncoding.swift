// A response as the bytes sent: the status line, the headers the server manages, and the body.

extension ServerCore {
    static func serialize(_ response: LoopbackHTTPServer.Response, forMethod method: String) -> [UInt8] {
        let status = response.status
        let statusForbidsBody = (100..<200).contains(status) || status == 204 || status == 304
        let sendsBody = !statusForbidsBody && method.uppercased() != "HEAD"
        // For HEAD, Content-Length is what a GET would have carried.
        let contentLength = statusForbidsBody ? 0 : response.body.count

        var head = "HTTP/1.1 \(status) \(reasonPhrase(for: status))\r\n"
        let managed: Set<String> = ["content-length", "connection", "transfer-encoding"]
        for header in response.headers where !managed.contains(header.name.lowercased()) {
            head += "\(header.name): \(header.value)\r\n"
        }
        head += "Content-Length: \(contentLength)\r\n"
        head += "Connection: close\r\n\r\n"

        var bytes = Array(head.utf8)
        if sendsBody {
            bytes.append(contentsOf: response.body)
        }
        return bytes
    }

    static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 413: "Content Too Large"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 100..<200: "Informational"
        case 200..<300: "Success"
        case 300..<400: "Redirection"
        case 400..<500: "Client Error"
        case 500..<600: "Server Error"
        default: "Unknown"
        }
    }
}
